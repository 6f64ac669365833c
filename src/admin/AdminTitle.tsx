/** The admin screen's document title; admin screens are never indexed. */
export function AdminTitle({ children }: { children: string }) {
  return (
    <>
      <title>{`${children} · Admin · Europe Rally`}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}
