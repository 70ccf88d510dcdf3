import React, { useEffect, useState } from 'react';
import { Button, Text, View } from 'react-native';
import messaging from '@react-native-firebase/messaging';

export function usePushAuthorization(): boolean {
  const [enabled, setEnabled] = useState(false);

  useEffect(() => {
    messaging()
      .hasPermission()
      .then((authStatus) => setEnabled(authStatus === messaging.AuthorizationStatus.AUTHORIZED)); // expect: provisional-blind-check
  }, []);

  return enabled;
}

export function PushPermissionCard() {
  const enabled = usePushAuthorization();
  const [asked, setAsked] = useState(false);

  const onEnable = async () => {
    const authStatus = await messaging().requestPermission({ provisional: false });
    setAsked(true);
    if (
      authStatus === messaging.AuthorizationStatus.AUTHORIZED ||
      authStatus === messaging.AuthorizationStatus.PROVISIONAL
    ) {
      await messaging().registerDeviceForRemoteMessages();
    }
  };

  return (
    <View>
      <Text>{enabled ? 'Push notifications are on' : 'Push notifications are off'}</Text>
      {!enabled && !asked ? <Button title="Turn on" onPress={onEnable} /> : null}
    </View>
  );
}
