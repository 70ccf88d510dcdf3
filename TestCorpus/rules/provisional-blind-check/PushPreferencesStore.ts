import { makeAutoObservable, runInAction } from 'mobx';
import * as Notifications from 'expo-notifications';

export class PushPreferencesStore {
  enabled = false;
  lastCheckedAt: number | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  async refresh(): Promise<void> {
    const perm = await Notifications.getPermissionsAsync();
    runInAction(() => {
      this.enabled = perm.granted; // expect: provisional-blind-check
      this.lastCheckedAt = Date.now();
    });
  }

  async enable(): Promise<boolean> {
    const perm = await Notifications.requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    const ok = perm.granted; // expect: provisional-blind-check
    runInAction(() => {
      this.enabled = ok;
    });
    if (!ok) {
      console.info('[push] user declined notifications');
    }
    return ok;
  }

  describe(perm: Notifications.NotificationPermissionsStatus): string {
    return perm.granted ? 'Notifications on' : 'Notifications off'; // expect: provisional-blind-check
  }

  get statusLabel(): string {
    return this.enabled ? 'On' : 'Off';
  }
}

export const pushPreferences = new PushPreferencesStore();
