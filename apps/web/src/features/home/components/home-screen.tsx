import { HomeHero } from './home-hero';

/**
 * The home screen, top to bottom. The catalogue issue adds, in this order below the hero:
 * the promo carousel, the 'Select Product' category grid and the 'My Location' picker.
 */
export function HomeScreen() {
  return (
    <div className="space-y-6">
      <HomeHero />
    </div>
  );
}
