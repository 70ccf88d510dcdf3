import * as Notifications from 'expo-notifications';

// A `for…of` variable is its own binding: it does not take the outer status's value.
export async function describeStatuses(): Promise<string[]> {
  const { status } = await Notifications.getPermissionsAsync();
  const labels: string[] = [];
  for (const status of ['granted', 'denied', 'undetermined'] as const) {
    labels.push(status === 'granted' ? 'On' : 'Off');
  }
  labels.push(status === 'granted' ? 'current: on' : 'current: off'); // expect: provisional-blind-check
  return labels;
}

// A destructuring assignment is a write like any other.
export async function registerWithDestructuringAssignment(): Promise<boolean> {
  let status: Notifications.PermissionStatus;
  ({ status } = await Notifications.getPermissionsAsync());
  if (status !== 'granted') { // expect: provisional-blind-check
    ({ status } = await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } })); // expect: request-when-denied, unguarded-provisional-request
  }
  return status === 'granted'; // expect: provisional-blind-check
}

// Array destructuring from the hook tuple, assigned later.
export function usePermissionLabel(): string {
  let permission: Notifications.NotificationPermissionsStatus | null = null;
  [permission] = Notifications.usePermissions();
  return permission?.granted ? 'on' : 'off'; // expect: provisional-blind-check
}

// An update or compound assignment leaves the value unknown.
export async function countChecks(): Promise<number> {
  let checks = 0;
  const { status } = await Notifications.getPermissionsAsync();
  let label = status;
  label += '!';
  checks++;
  if (label === 'granted') checks += 1;
  return checks;
}
