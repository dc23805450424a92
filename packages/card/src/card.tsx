/** Placeholder of the Ask Analyst card until the MCP App view lands. */
export function Card() {
  return (
    <main>
      <h1>Ask Analyst</h1>
      <p data-testid="status">idle</p>
    </main>
  );
}
