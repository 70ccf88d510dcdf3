// Repair fixture: four-space indentation, a multi-line named import list with a trailing comma,
// and the status kept in a `let` destructuring that is written again.
import {
    getExpoPushTokenAsync,
    getPermissionsAsync,
    requestPermissionsAsync,
} from 'expo-notifications';

export async function registerForReminders(projectId: string): Promise<string | null> {
    let { status } = await getPermissionsAsync();
    if (status !== 'granted') { // expect: provisional-blind-check
        const response = await requestPermissionsAsync({ // expect: request-when-denied, unguarded-provisional-request
            ios: { allowAlert: true, allowSound: true, allowProvisional: true },
        });
        status = response.status;
    }
    if (status !== 'granted') { // expect: provisional-blind-check
        return null;
    }
    const token = await getExpoPushTokenAsync({ projectId });
    return token.data;
}
