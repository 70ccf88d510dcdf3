import React, { useCallback } from 'react';
import { Button, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// The opt-in card only renders for a device that was never asked.
export function QuietOptInCard() {
  const [permission, requestPermission] = Notifications.usePermissions(QUIET);
  if (permission?.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return null;
  return (
    <View>
      <Text>Get updates quietly in Notification Center.</Text>
      <Button title="Sounds good" onPress={() => requestPermission()} />
    </View>
  );
}

// Conditional rendering around the button.
export function QuietOptInRow() {
  const [permission, requestPermission] = Notifications.usePermissions(QUIET);
  return (
    <View>
      {permission?.ios?.status === Notifications.IosAuthorizationStatus.NOT_DETERMINED && (
        <Button title="Try quiet notifications" onPress={() => requestPermission()} />
      )}
    </View>
  );
}

// Shown to everyone: a denied user taps and nothing happens.
export function QuietOptInBanner() {
  const [permission, requestPermission] = Notifications.usePermissions(QUIET);
  const onPress = useCallback(async () => {
    const next = await requestPermission(); // expect: unguarded-provisional-request
    console.log('notification status', next.ios?.status);
  }, [requestPermission]);
  return (
    <View>
      <Text>{permission?.ios?.allowsAlert ? 'Alerts on' : 'Alerts off'}</Text>
      <Button title="Get updates" onPress={onPress} />
    </View>
  );
}

// The hook's get function only reads.
export function PermissionRefresher() {
  const [, , getPermission] = Notifications.usePermissions(QUIET);
  return <Button title="Refresh" onPress={() => getPermission()} />;
}
