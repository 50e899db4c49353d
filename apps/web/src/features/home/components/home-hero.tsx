export const HOME_TAGLINE = 'Buy sachet and bottle water with ease. Get cooking gas at your doorstep';

/** The company name and the tagline. */
export function HomeHero() {
  return (
    <header className="pt-2">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-800">Ruwa</h1>
      <p className="mt-2 text-base text-slate-700">{HOME_TAGLINE}</p>
    </header>
  );
}
