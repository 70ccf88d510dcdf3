// EXPECT: PBC on !p?.granted via local custom hook wrapper
import * as Notifications from 'expo-notifications';

function useNotifPermission() {
  return Notifications.usePermissions({ ios: { allowProvisional: true } });
}
export function Gate({ children }: any) {
  const [p] = useNotifPermission();
  if (!p?.granted) return null; // expect: provisional-blind-check
  return children;
}
