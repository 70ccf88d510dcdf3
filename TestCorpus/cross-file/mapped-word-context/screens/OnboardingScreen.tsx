import React from 'react';
import { Button, View } from 'react-native';

import { usePushState } from '../push/PushStateProvider';

// Compares the word from the context: reported where it was mapped, not again here.
export function OnboardingScreen({ onEnable }: { onEnable: () => void }) {
  const pushState = usePushState();
  if (pushState === 'enabled') return null;
  return (
    <View>
      <Button title="Turn on notifications" onPress={onEnable} />
    </View>
  );
}
