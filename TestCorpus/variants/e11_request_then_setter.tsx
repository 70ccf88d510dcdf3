// EXPECT: PBC on setter receiving result.granted in .then shorthand; MAP on request()
import * as Notifications from 'expo-notifications';
import { useState } from 'react';

export function useAsk() {
  const [ok, setOk] = useState(false);
  const ask = () => Notifications.requestPermissionsAsync().then((r) => setOk(r.granted)); // expect: missing-allow-provisional, provisional-blind-check
  return { ok, ask };
}
