// EXPECT: nothing: switch(ios.status) with PROVISIONAL case is provisional-aware
import * as Notifications from 'expo-notifications';

export async function label() {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.status === 'granted') return 'on';
  switch (settings.ios?.status) {
    case Notifications.IosAuthorizationStatus.PROVISIONAL:
      return 'quiet';
    default:
      return 'off';
  }
}
