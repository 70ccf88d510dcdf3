import * as Notifications from 'expo-notifications';

// Plain-object service used by the legacy JS screens.
export const notificationService = {
  async isEnabled() {
    const { status } = await Notifications.getPermissionsAsync();
    return status === 'granted'; // expect: provisional-blind-check
  },

  async enable() {
    if (await this.isEnabled()) {
      return true;
    }
    const { status } = await Notifications.requestPermissionsAsync({ // expect: missing-allow-provisional
      ios: { allowAlert: true, allowBadge: true, allowSound: true },
    });
    if (status !== 'granted') { // expect: provisional-blind-check
      alert('Notifications were not enabled.');
      return false;
    }
    return true;
  },
};
