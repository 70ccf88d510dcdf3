// EXPECT: nothing (other expo modules, same names)
import * as Notifications from 'expo-notifications';
import * as Location from 'expo-location';
import { Camera } from 'expo-camera';
import * as ImagePicker from 'expo-image-picker';

export async function other() {
  const { status } = await Location.requestForegroundPermissionsAsync();
  if (status !== 'granted') return;
  const cam = await Camera.requestCameraPermissionsAsync();
  if (!cam.granted) return;
  const { granted } = await ImagePicker.requestMediaLibraryPermissionsAsync();
  return granted;
}
