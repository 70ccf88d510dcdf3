// EXPECT: PBC on granted via this.getPermission() in object & class
import * as Notifications from 'expo-notifications';

export const NotificationService = {
  async getPermission() {
    return Notifications.getPermissionsAsync();
  },
  async isEnabled() {
    const { granted } = await this.getPermission();
    return granted; // expect: provisional-blind-check
  },
};
export class PushManager {
  private getPermission() {
    return Notifications.getPermissionsAsync();
  }
  async isEnabled() {
    const perm = await this.getPermission();
    return perm.status === 'granted'; // expect: provisional-blind-check
  }
}
