// EXPECT: PBC via async arrow helper const
import * as Notifications from 'expo-notifications';

const getPerm = async () => Notifications.getPermissionsAsync();
export const enabled = async () => (await getPerm()).granted; // expect: provisional-blind-check
