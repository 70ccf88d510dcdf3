// EXPECT: PBC in useEffect inside layout, Redirect
import { useEffect, useState } from 'react';
import { Redirect, Stack } from 'expo-router';
import { getPermissionsAsync } from 'expo-notifications';

export default function Layout() {
  const [needsOnboarding, setNeedsOnboarding] = useState<boolean | null>(null);
  useEffect(() => {
    getPermissionsAsync().then((p) => setNeedsOnboarding(p.status === 'undetermined')); // expect: provisional-blind-check
  }, []);
  if (needsOnboarding) return <Redirect href="/onboarding/notifications" />;
  return <Stack />;
}
