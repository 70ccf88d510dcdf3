// Exercises deprecated-should-show-alert on a multi-line `return { … }` object, 4-space indentation, no trailing commas, the key last.
import * as Notifications from 'expo-notifications';

export function configureForegroundNotifications(playSound: boolean): void {
    Notifications.setNotificationHandler({
        handleNotification: async () => {
            return {
                shouldPlaySound: playSound,
                shouldSetBadge: false,
                shouldShowAlert: true // expect: deprecated-should-show-alert
            };
        }
    });
}
