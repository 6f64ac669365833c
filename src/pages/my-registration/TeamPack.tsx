// "Download the team pack" on the team's page, shown once the team is paid in full and ready to
// drive: the PDF the team-pack function makes from the edition's facts and the team's (door
// number, route outline, emergency numbers). The function decides again whether the team may have
// it; its sentence is shown when it refuses.
import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { FormMessage } from '../../components/FormField';
import { downloadTeamPack, TEAM_PACK_UNREACHABLE } from '../../data/fundraising';
import { downloadFile } from '../../lib/download';

export function TeamPack({ secret }: { secret: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { file, name } = await downloadTeamPack(secret);
      downloadFile(name, file);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : TEAM_PACK_UNREACHABLE);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="team-pack-heading" className="space-y-4">
      <h2 id="team-pack-heading" className="text-2xl font-bold text-ink">
        Team pack
      </h2>
      <p className="text-ink-muted">
        Your door number, the route outline and the emergency numbers, as a PDF to print and keep in
        the car.
      </p>
      {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        aria-busy={busy}
        className="inline-flex items-center justify-center gap-2 rounded-full bg-night px-6 py-3 font-bold text-white hover:bg-night-700 disabled:opacity-60"
      >
        <FileDown aria-hidden="true" className="h-5 w-5" />
        {busy ? 'Preparing the team pack...' : 'Download the team pack'}
      </button>
    </section>
  );
}
