// EXPECT: PBC on this.state setState granted, PBC on status !== 'granted'
import React from 'react';
import * as Notifications from 'expo-notifications';

export default class Settings extends React.Component {
  state = { pushEnabled: false };
  async componentDidMount() {
    const { status } = await Notifications.getPermissionsAsync();
    this.setState({ pushEnabled: status === 'granted' }); // expect: provisional-blind-check
  }
  async togglePush() {
    const settings = await Notifications.getPermissionsAsync();
    if (settings.status !== 'granted') { // expect: provisional-blind-check
      return;
    }
  }
  render() { return null; }
}
