'use strict';
// Stand-in of expo-constants: a project id for getExpoPushTokenAsync. The old Constants.isDevice
// reads the same environment value as expo-device's isDevice.
const rt = globalThis.__flowProof;
const { withFallback } = require('__flow-proof-any');

const Constants = {
  expoConfig: { extra: { eas: { projectId: 'stand-in-project' } } },
  easConfig: { projectId: 'stand-in-project' },
  manifest: null,
  manifest2: null,
  appOwnership: null,
  executionEnvironment: 'standalone',
  get isDevice() {
    return rt.env('Device.isDevice', [true, false], (v) => `Device.isDevice is ${v}`);
  },
};

module.exports = withFallback('expo-constants', {
  default: Constants,
  ExecutionEnvironment: { Bare: 'bare', Standalone: 'standalone', StoreClient: 'storeClient' },
});
