// Two getters: one requires the module, the other (the one the app imports) hands it on.
function requireNotifications() {
  return require('expo-notifications');
}

export function notificationsModule() {
  return requireNotifications();
}
