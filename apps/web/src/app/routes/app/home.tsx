import { HomeScreen } from '@/features/home/components/home-screen';

export function HomeRoute() {
  return <HomeScreen />;
}
