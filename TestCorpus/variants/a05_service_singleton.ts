// EXPECT: PBC on return perm.granted; PBC on status check in method
import * as Notifications from 'expo-notifications';

class PushService {
  private static instance: PushService;
  static getInstance() {
    if (!this.instance) this.instance = new PushService();
    return this.instance;
  }
  async hasPermission(): Promise<boolean> {
    const perm = await Notifications.getPermissionsAsync();
    return perm.granted; // expect: provisional-blind-check
  }
  async ensure() {
    const { status } = await Notifications.requestPermissionsAsync({ ios: { allowProvisional: false, allowAlert: true } });
    if (status !== 'granted') throw new Error('no permission'); // expect: provisional-blind-check
  }
}
export default PushService.getInstance();
