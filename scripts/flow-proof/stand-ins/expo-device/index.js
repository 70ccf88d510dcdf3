'use strict';
// Stand-in of expo-device: isDevice is device-independent, taken from the run's environment
// ("Device.isDevice", default [true, false]).
const rt = globalThis.__flowProof;
const { withFallback } = require('__flow-proof-any');

const DeviceType = { UNKNOWN: 0, PHONE: 1, TABLET: 2, DESKTOP: 3, TV: 4 };

module.exports = withFallback('expo-device', {
  get isDevice() {
    return rt.env('Device.isDevice', [true, false], (v) => `Device.isDevice is ${v}`);
  },
  get osName() {
    return rt.platform() === 'ios' ? 'iOS' : 'Android';
  },
  get brand() {
    return rt.platform() === 'ios' ? 'Apple' : 'google';
  },
  modelName: 'stand-in',
  deviceType: DeviceType.PHONE,
  DeviceType,
});
