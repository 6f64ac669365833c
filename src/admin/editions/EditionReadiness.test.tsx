// "Ready to drive: N of M" on the Editions screen: the count edition_readiness() answers for the
// edition, and a plain sentence when it cannot be counted. The database is stood in for at the
// network; edition_readiness itself is tested against the emulator (tests/contract/team-documents.test.ts).
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { publicDb } from '../../data/client';
import { restoreNetwork, stubNetwork } from '../../test/network';
import { EditionReadiness } from './EditionReadiness';

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

describe('EditionReadiness', () => {
  test("states the edition's teams ready to drive of those that paid a deposit", async () => {
    const calls = stubNetwork({ edition_readiness: { body: { ready: 3, total: 11 } } });
    render(<EditionReadiness db={publicDb} editionId="e2026" />);
    expect(await screen.findByText('Ready to drive: 3 of 11')).toBeInTheDocument();
    expect(calls).toEqual([{ name: 'edition_readiness', body: { edition: 'e2026' } }]);
  });

  test('says when the count could not be made', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubNetwork({ edition_readiness: { status: 500, body: { message: 'down' } } });
    render(<EditionReadiness db={publicDb} editionId="e2026" />);
    expect(await screen.findByText('Ready to drive: could not be counted.')).toBeInTheDocument();
  });
});
