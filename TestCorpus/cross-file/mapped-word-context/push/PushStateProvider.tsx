import * as Notifications from 'expo-notifications';
import React, { createContext, useContext, useEffect, useState } from 'react';

export type PushState = 'enabled' | 'disabled' | 'unknown';

const PushStateContext = createContext<PushState>('unknown');

export const usePushState = () => useContext(PushStateContext);

// The word goes into state handed to a context; OnboardingScreen.tsx compares it: the mapping is
// the blind decision, reported here once.
export function PushStateProvider({ children }: { children: React.ReactNode }) {
  const [pushState, setPushState] = useState<PushState>('unknown');
  useEffect(() => {
    Notifications.getPermissionsAsync().then((response) => {
      setPushState(response.status === 'granted' ? 'enabled' : 'disabled'); // expect: provisional-blind-check
    });
  }, []);
  return <PushStateContext.Provider value={pushState}>{children}</PushStateContext.Provider>;
}

// A caption kept in state and only shown: not a decision.
export function PushCaption() {
  const [caption, setCaption] = useState('');
  useEffect(() => {
    Notifications.getPermissionsAsync().then((response) => {
      setCaption(response.status === 'granted' ? 'Notifications on' : 'Notifications off');
    });
  }, []);
  return <>{caption}</>;
}
