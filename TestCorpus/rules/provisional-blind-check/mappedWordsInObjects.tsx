import * as Notifications from 'expo-notifications';
import React, { createContext, useEffect, useState } from 'react';
import { Text } from 'react-native';

const projectId = 'b7c5b1de-0000-4000-8000-000000000000';

// The word is kept in the returned object and compared before the token: the mapping decides.
async function readPermission() {
  const response = await Notifications.getPermissionsAsync();
  return { status: response.status === 'granted' ? 'granted' : 'denied', canAskAgain: response.canAskAgain }; // expect: provisional-blind-check
}

export async function registerForPush(): Promise<string | null> {
  if ((await readPermission()).status !== 'granted') return null;
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
  return data;
}

// The same shape, only logged: the word decides nothing.
async function readPermissionForLog() {
  const response = await Notifications.getPermissionsAsync();
  return { status: response.status === 'granted' ? 'granted' : 'denied', canAskAgain: response.canAskAgain };
}

export async function logPermission(): Promise<void> {
  const permission = await readPermissionForLog();
  console.info('[push] permission', permission.status, permission.canAskAgain);
}

// The word goes into React state that the component compares.
export function PushBanner() {
  const [pushState, setPushState] = useState('unknown');
  useEffect(() => {
    Notifications.getPermissionsAsync().then((response) => {
      setPushState(response.status === 'granted' ? 'enabled' : 'disabled'); // expect: provisional-blind-check
    });
  }, []);
  if (pushState === 'disabled') return <Text>Turn on notifications</Text>;
  return null;
}

// The word goes into React state that is only shown.
export function PushStatusRow() {
  const [caption, setCaption] = useState('…');
  useEffect(() => {
    Notifications.getPermissionsAsync().then((response) => {
      setCaption(response.status === 'granted' ? 'On' : 'Off');
    });
  }, []);
  return <Text>{caption}</Text>;
}

// The word, in an object in state, goes into a context that other components read.
export const PushPermissionContext = createContext({ status: 'unknown' });

export function PushPermissionProvider({ children }: { children: React.ReactNode }) {
  const [permission, setPermission] = useState({ status: 'unknown' });
  useEffect(() => {
    Notifications.getPermissionsAsync().then((response) => {
      setPermission({ status: response.status === 'granted' ? 'granted' : 'denied' }); // expect: provisional-blind-check
    });
  }, []);
  return <PushPermissionContext.Provider value={permission}>{children}</PushPermissionContext.Provider>;
}
