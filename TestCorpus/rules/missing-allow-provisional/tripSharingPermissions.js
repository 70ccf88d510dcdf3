const Notifications = require('expo-notifications');
const MediaLibrary = require('expo-media-library');
const Contacts = require('expo-contacts');
const Location = require('expo-location');

// Everything "Share trip" needs, asked from one primer screen.
// Named like expo's function, but it is our own.
async function requestPermissionsAsync() {
  const photos = await MediaLibrary.requestPermissionsAsync();
  const contacts = await Contacts.requestPermissionsAsync();
  const location = await Location.requestForegroundPermissionsAsync();
  const notifications = await Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  return {
    photos: photos.status === 'granted',
    contacts: contacts.status === 'granted',
    location: location.status === 'granted',
    notifications,
  };
}

async function startTripSharing(tripId, share) {
  const permissions = await requestPermissionsAsync();
  if (!permissions.location) {
    throw new Error('Location is needed to share a trip');
  }
  return share(tripId, { withContacts: permissions.contacts });
}

async function saveTripPhoto(uri) {
  const { status } = await MediaLibrary.requestPermissionsAsync();
  if (status !== 'granted') {
    return false;
  }
  await MediaLibrary.saveToLibraryAsync(uri);
  return true;
}

async function inviteFromContacts() {
  const { granted } = await Contacts.requestPermissionsAsync();
  if (!granted) {
    return [];
  }
  const { data } = await Contacts.getContactsAsync({ fields: [Contacts.Fields.PhoneNumbers] });
  return data;
}

module.exports = { requestPermissionsAsync, startTripSharing, saveTripPhoto, inviteFromContacts };
