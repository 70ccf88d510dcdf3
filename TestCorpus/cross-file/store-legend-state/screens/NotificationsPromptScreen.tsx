import React from 'react';
import { Button, Text, View } from 'react-native';
import { use$ } from '@legendapp/state/react';

import { askForNotifications } from '../notifications/permissionSync';
import { settings$ } from '../state/settings';

// A provisionally authorized device reads 'undetermined' and gets the full prompt.
export function NotificationsPromptScreen({ onContinue }: { onContinue: () => void }) {
  const showPrompt = use$(settings$.local.permissionStatus) === 'undetermined'; // expect: provisional-blind-check
  if (showPrompt) {
    return (
      <View>
        <Text>Stay in the loop</Text>
        <Button title="Turn on notifications" onPress={askForNotifications} />
      </View>
    );
  }
  return <Button title="Continue" onPress={onContinue} />;
}

// Only shown: not reported.
export function NotificationsSettingsValue() {
  const status = use$(settings$.local.permissionStatus);
  return <Text>{status === 'granted' ? 'On' : 'Off'}</Text>;
}
