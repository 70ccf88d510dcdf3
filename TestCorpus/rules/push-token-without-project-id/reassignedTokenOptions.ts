import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';

// The default is replaced before the call, unconditionally: the call has a real projectId.
export async function registerToken(): Promise<string> {
  let tokenOptions: Notifications.ExpoPushTokenOptions = {};
  tokenOptions = { projectId: Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId };
  const { data } = await Notifications.getExpoPushTokenAsync(tokenOptions);
  return data;
}

// The options reaching the call are the empty object; adding the id afterwards is too late.
export async function registerTokenTooLate(): Promise<string> {
  let tokenOptions: Notifications.ExpoPushTokenOptions = {};
  const { data } = await Notifications.getExpoPushTokenAsync(tokenOptions); // expect: push-token-without-project-id
  tokenOptions = { projectId: Constants.easConfig?.projectId };
  console.log('registered with', tokenOptions);
  return data;
}

// Set only in a branch: it may or may not have a projectId, so it is not reported.
export async function registerTokenMaybe(fromConfig: boolean): Promise<string> {
  let tokenOptions: Notifications.ExpoPushTokenOptions = {};
  if (fromConfig) {
    tokenOptions = { projectId: Constants.easConfig?.projectId };
  }
  const { data } = await Notifications.getExpoPushTokenAsync(tokenOptions);
  return data;
}
