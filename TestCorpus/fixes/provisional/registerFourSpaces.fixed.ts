// Repair fixture: four-space indentation, a multi-line named import list with a trailing comma,
// and the status kept in a `let` destructuring that is written again.
import {
    getExpoPushTokenAsync,
    getPermissionsAsync,
    requestPermissionsAsync,
    IosAuthorizationStatus,
} from 'expo-notifications';

export async function registerForReminders(projectId: string): Promise<string | null> {
    let { status, granted, ios } = await getPermissionsAsync();
    let deliverable = granted || ios?.status === IosAuthorizationStatus.PROVISIONAL || ios?.status === IosAuthorizationStatus.EPHEMERAL;
    if (!deliverable) { // expect: provisional-blind-check
        const response = await requestPermissionsAsync({ // expect: request-when-denied, unguarded-provisional-request
            ios: { allowAlert: true, allowSound: true, allowProvisional: true },
        });
        status = response.status;
        deliverable = response.granted || response.ios?.status === IosAuthorizationStatus.PROVISIONAL || response.ios?.status === IosAuthorizationStatus.EPHEMERAL;
    }
    if (!deliverable) { // expect: provisional-blind-check
        return null;
    }
    const token = await getExpoPushTokenAsync({ projectId });
    return token.data;
}
