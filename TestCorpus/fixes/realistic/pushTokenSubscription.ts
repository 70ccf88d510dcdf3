// Exercises removed-notification-api on `removePushTokenSubscription(tokenSub)` with a plain const (fix: `tokenSub.remove()`).
import * as Notifications from 'expo-notifications';

type TokenSink = (token: string, platform: 'ios' | 'android' | 'web') => Promise<void>;

/** Keeps the server in sync when APNs / FCM rotate the device token; returns the unsubscribe function. */
export function watchDevicePushToken(upload: TokenSink): () => void {
  const tokenSub = Notifications.addPushTokenListener((token) => {
    void upload(token.data, token.type);
  });

  return () => {
    Notifications.removePushTokenSubscription(tokenSub); // expect: removed-notification-api
  };
}
