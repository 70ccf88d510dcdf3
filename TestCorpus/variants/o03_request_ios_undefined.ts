// EXPECT: nothing? allowProvisional: undefined is "set" syntactically. record only
import * as Notifications from 'expo-notifications';
export const ask = () => Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: undefined } });
