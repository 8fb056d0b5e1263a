import { useEffect } from 'react';
import { t } from '@/shared/i18n/id';
import { forceUpdateText } from '@/shared/i18n/app-config';
import { WEB_APP_VERSION } from '@/shared/config/app';
import { useModalStore } from '@/shared/modal/modal-store';
import { isVersionBelow } from '@/shared/utils/version';
import { useAppConfig } from '@/shared/config/app-config';
import { useNativeAppVersion } from '../api/get-app-config';

/** The version that counts: the native app's when inside one, else the web build's. */
export function useCurrentAppVersion(): { version: string; native: boolean; ready: boolean } {
  const native = useNativeAppVersion();
  return { version: native.data ?? WEB_APP_VERSION, native: Boolean(native.data), ready: !native.isPending };
}

/**
 * Opens the force-update modal (not dismissible) when the running version is below
 * minAppVersion. If another modal is showing it waits for it to close (one modal at a time).
 */
export function ForceUpdateGate() {
  const config = useAppConfig();
  const current = useCurrentAppVersion();
  const isShow = useModalStore((s) => s.isShow);
  const openModal = useModalStore((s) => s.openModal);
  const min = config.data?.minAppVersion;
  const outdated = current.ready && min !== undefined && isVersionBelow(current.version, min);

  useEffect(() => {
    if (!outdated || isShow || min === undefined) return;
    openModal({
      type: 'force-update',
      imageType: 'update',
      title: forceUpdateText.title,
      message: t(forceUpdateText.message, { current: current.version, min }),
      buttonText: forceUpdateText.button,
      dismissible: false,
      payload: { native: current.native ? '1' : '' },
    });
  }, [outdated, isShow, openModal, current.version, current.native, min]);

  return null;
}
