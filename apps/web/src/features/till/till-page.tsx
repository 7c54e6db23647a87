/** The sandbox till (docs/partner-api.md "The sandbox till"). */
export function TillPage() {
  return (
    <main id="main" className="page">
      <h1>Sandbox till</h1>
    </main>
  );
}

export { TillPage as Component };
