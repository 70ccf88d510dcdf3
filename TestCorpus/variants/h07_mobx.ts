// EXPECT: PBC on this.granted = granted inside runInAction
import { makeAutoObservable, runInAction } from 'mobx';
import * as Notifications from 'expo-notifications';

export class PermissionStore {
  granted = false;
  constructor() { makeAutoObservable(this); }
  async load() {
    const { granted } = await Notifications.getPermissionsAsync();
    runInAction(() => {
      this.granted = granted; // expect: provisional-blind-check
    });
  }
}
