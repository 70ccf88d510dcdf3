// EXPECT: PBC + MAP in inline JSX onPress
import React from 'react';
import { Button } from 'react-native';
import { router } from 'expo-router';
import * as Notifications from 'expo-notifications';

export default function OnboardingNotifications() {
  return (
    <Button
      title="Enable notifications"
      onPress={async () => {
        const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional
        if (status === 'granted') router.replace('/home'); // expect: provisional-blind-check
      }}
    />
  );
}
