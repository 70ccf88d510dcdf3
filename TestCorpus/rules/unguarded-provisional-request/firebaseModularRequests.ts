import {
  AuthorizationStatus,
  getMessaging,
  hasPermission,
  requestPermission,
} from '@react-native-firebase/messaging';

// The modular API, straight from the sign-up flow.
export async function enablePushQuietly() {
  const messagingInstance = getMessaging();
  return requestPermission(messagingInstance, { provisional: true }); // expect: unguarded-provisional-request
}

// Never asked: the only devices a quiet request helps.
export async function enablePushIfNew() {
  const status = await hasPermission(getMessaging());
  if (status !== AuthorizationStatus.NOT_DETERMINED) return status;
  return requestPermission(getMessaging(), { alert: true, badge: false, provisional: true });
}

// `>= AUTHORIZED` is provisional-aware, but a declined device (DENIED) still gets the request.
export async function enablePushUnlessDelivering() {
  const status = await hasPermission(getMessaging());
  if (status >= AuthorizationStatus.AUTHORIZED) return status;
  return requestPermission(getMessaging(), { provisional: true }); // expect: unguarded-provisional-request
}
