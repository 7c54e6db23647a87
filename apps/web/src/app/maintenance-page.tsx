import { brand } from '@app/contracts/brand';

/** Shown instead of the app while the maintenance switch is on (signed-in spec 2.6, 4). */
export function MaintenancePage() {
  return (
    <main className="page" id="main">
      <h1>Maintenance</h1>
      <p>
        We're making some improvements, so the {brand.name} app and website are unavailable for a short while.
      </p>
      <p>
        You can still collect points in store as usual: any points you collect in the meantime will appear in
        your account once we're back.
      </p>
    </main>
  );
}
