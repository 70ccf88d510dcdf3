// Found by fuzzing (issue 40): a class whose field holds a new instance of the class. Following the
// device's path through `new PermissionService()` constructed instances without end, until the
// linter's own stack overflowed; construction is now followed like a call, and this is recursion.
import * as Notifications from 'expo-notifications';

export class PermissionService {
  private next = new PermissionService();

  async ask(): Promise<void> {
    const { status } = await Notifications.getPermissionsAsync();
    if (status !== 'granted') { // expect: provisional-blind-check
      await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    }
  }
}

export const service = new PermissionService();
