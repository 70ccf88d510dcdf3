// EXPECT: PBC on granted in try; 
import * as Notifications from 'expo-notifications';

export async function getToken(): Promise<string | null> {
  try {
    const { granted } = await Notifications.getPermissionsAsync();
    if (!granted) { // expect: provisional-blind-check
      const req = await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // expect: request-when-denied, unguarded-provisional-request
      if (!req.granted) return null; // expect: provisional-blind-check
    }
    return (await Notifications.getExpoPushTokenAsync({ projectId: 'p' })).data;
  } catch (e) {
    return null;
  }
}
