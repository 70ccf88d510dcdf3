import { useState } from 'react';
import { Button, Switch, Text, View } from 'react-native';
import { Camera } from 'expo-camera';
import * as Location from 'expo-location';
import * as MediaLibrary from 'expo-media-library';
import * as Notifications from 'expo-notifications';

async function ensureCameraAccess(): Promise<boolean> {
  const { status } = await Camera.requestCameraPermissionsAsync();
  return status === 'granted';
}

async function ensureLocationAccess(): Promise<boolean> {
  const { status } = await Location.getForegroundPermissionsAsync();
  if (status === 'granted') return true;
  const res = await Location.requestForegroundPermissionsAsync();
  return res.granted;
}

async function ensureLibraryAccess(): Promise<boolean> {
  const current = await MediaLibrary.getPermissionsAsync();
  if (current.status === 'granted') return true;
  const { granted } = await MediaLibrary.requestPermissionsAsync();
  return granted;
}

async function remindAboutUpload(albumName: string): Promise<void> {
  await Notifications.scheduleNotificationAsync({
    content: { title: 'Upload paused', body: `Open the app to finish uploading ${albumName}.` },
    trigger: { type: Notifications.SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: 3600 },
  });
}

export function UploadSetupScreen({ albumName }: { albumName: string }) {
  const [mediaPermission, requestMediaPermission] = MediaLibrary.usePermissions();
  const [cameraReady, setCameraReady] = useState(false);
  const [locationReady, setLocationReady] = useState(false);

  const prepare = async () => {
    setCameraReady(await ensureCameraAccess());
    setLocationReady(await ensureLocationAccess());
    if (!(await ensureLibraryAccess())) {
      await remindAboutUpload(albumName);
    }
  };

  return (
    <View style={{ gap: 12, padding: 16 }}>
      <Text>Camera: {cameraReady ? 'ready' : 'needed'}</Text>
      <Text>Location tags: {locationReady ? 'on' : 'off'}</Text>
      <Switch value={mediaPermission?.granted ?? false} onValueChange={() => requestMediaPermission()} />
      {mediaPermission?.status !== 'granted' && (
        <Button title="Allow photo access" onPress={() => requestMediaPermission()} />
      )}
      <Button title="Start upload" onPress={prepare} />
    </View>
  );
}
