// EXPECT: PBC on `this.permission?.granted` stored earlier? -> stored into property this.permission = response (no finding), then `this.permission.status === 'granted'` in another method: unknown; at least PBC when stored `this.enabled = res.granted`
import * as Notifications from 'expo-notifications';

export class Store {
  enabled = false;
  async load() {
    const res = await Notifications.getPermissionsAsync();
    this.enabled = res.granted; // expect: provisional-blind-check
  }
}
