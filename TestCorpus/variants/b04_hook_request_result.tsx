// EXPECT: PBC on result.status === 'granted' (result of requestPermission from hook)
import * as Notifications from 'expo-notifications';

export function useEnable() {
  const [, requestPermission] = Notifications.usePermissions({ ios: { allowProvisional: false } });
  return async () => {
    const result = await requestPermission();
    return result.status === 'granted'; // expect: provisional-blind-check
  };
}
