import { useEffect, useState } from 'react';
import type { Settings } from '#shared/settings';
import { featureSettingHints, layoutPreviewMessages, settingsPageMessages as m } from '#shared/messages/settings-page';
import { rankFreshnessTexts } from '#shared/messages/rank-freshness';
import { setLayoutPreview, type LayoutOptionSettings } from '@/lib/layout-preview';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { LoginPreviewDialog } from './login-preview-dialog';
import { SettingsFormCard } from './settings-form-card';
import styles from './settings.module.css';

const siteKeys = ['siteName', 'siteTitle'] as const;
const themeKeys = [
  'globalTheme',
  'globalLayout',
  'layoutSidebarWidth',
  'layoutContentWidth',
  'layoutPadding',
  'logoUrl',
] as const;

/** Tries the draft's layout options on this very shell while the theme tab is open. */
function LayoutOptionsPreview({ options }: { options: LayoutOptionSettings }) {
  const { layoutSidebarWidth, layoutContentWidth, layoutPadding } = options;
  useEffect(() => {
    setLayoutPreview({ layoutSidebarWidth, layoutContentWidth, layoutPadding });
  }, [layoutSidebarWidth, layoutContentWidth, layoutPadding]);
  useEffect(() => () => setLayoutPreview(null), []);
  return <p className={styles.muted}>{layoutPreviewMessages.live}</p>;
}
const businessKeys = [
  'useCashSystem',
  'cashChargeMode',
  'defaultSlotPrice',
  'minCashCharge',
  'maxCashCharge',
  'maxSlotsPerUser',
  'slotAutoApproval',
  'cashAutoApproval',
  'registrationEnabled',
  'maintenanceMode',
  'slotOperationMode',
  'defaultSlotAllocation',
  'slotDurationDays',
  'depositBankName',
  'depositAccountNumber',
  'depositAccountHolder',
  'rankDelayHours',
] as const;
const featureKeys = [
  'chatEnabled',
  'chatMaxMessages',
  'chatSoundEnabled',
  'notificationEnabled',
  'notificationSound',
  'notificationAutoRead',
  'notificationDuration',
  'featureCashHistory',
  'featureRanking',
  'featureSlotManagement',
  'staffSecondFactorRequired',
  'rankAlertSilenceMinutes',
  'rankCoverageAlertHour',
  'rankCoverageMinPercent',
] as const;

/** Theme tab: site info (saved on its own) and the look: theme, layout, logo. */
export function ThemeTab({ settings }: { settings: Settings }) {
  const [preview, setPreview] = useState<string | null>(null);
  return (
    <div className={styles.stack}>
      <SettingsFormCard
        title="사이트 정보"
        description="브라우저 제목과 로고 대신 보이는 이름입니다."
        keys={siteKeys}
        settings={settings}
        saved={m.siteInfoSaved}
        failed={m.siteInfoSaveFailed}
        saveLabel="사이트 정보 저장"
      />
      <SettingsFormCard
        title="테마와 레이아웃"
        description="모든 사용자의 화면에 적용됩니다."
        keys={themeKeys}
        settings={settings}
        saved={m.saved('theme')}
        failed={m.saveFailed('theme')}
        saveLabel="테마 설정 저장"
        hints={{
          logoUrl: '비워 두거나 이미지를 불러오지 못하면 사이트 이름이 보입니다.',
          ...layoutPreviewMessages.hints,
        }}
      >
        {(draft) => (
          <div className={styles.previewRow}>
            <LayoutOptionsPreview
              options={{
                layoutSidebarWidth: (draft.layoutSidebarWidth ??
                  settings.layoutSidebarWidth) as Settings['layoutSidebarWidth'],
                layoutContentWidth: (draft.layoutContentWidth ??
                  settings.layoutContentWidth) as Settings['layoutContentWidth'],
                layoutPadding: (draft.layoutPadding ?? settings.layoutPadding) as Settings['layoutPadding'],
              }}
            />
            <Button
              type="button"
              variant="secondary"
              onClick={() => setPreview(String(draft.globalTheme ?? settings.globalTheme))}
            >
              <Icon name="image" size={16} />
              로그인 화면 미리보기
            </Button>
          </div>
        )}
      </SettingsFormCard>
      {preview && <LoginPreviewDialog open onClose={() => setPreview(null)} initialTheme={preview} />}
    </div>
  );
}

/** Business tab: cash, prices, approvals, modes; the allocation count only in pre-allocation mode. */
export function BusinessTab({ settings }: { settings: Settings }) {
  return (
    <SettingsFormCard
      title="비즈니스 설정"
      keys={businessKeys}
      settings={settings}
      saved={m.saved('business')}
      failed={m.saveFailed('business')}
      saveLabel="비즈니스 설정 저장"
      visible={(key, draft) => key !== 'defaultSlotAllocation' || draft.slotOperationMode === 'pre-allocation'}
      hints={{
        maintenanceMode: '켜면 일반 사용자는 점검 안내만 보고, 운영자와 개발자는 계속 이용합니다.',
        defaultSlotAllocation: '선슬롯 발행 창에 처음 채워지는 개수 (1~100)',
        depositAccountNumber:
          '광고주의 충전 화면에 복사 버튼과 함께 보입니다. 비워 두면 운영자에게 문의하라고 안내합니다.',
        rankDelayHours: rankFreshnessTexts.settingHint,
      }}
    />
  );
}

/** Feature tab: chat, notifications and the menu switches. */
export function FeatureTab({ settings }: { settings: Settings }) {
  const { notificationScope, ...hints } = featureSettingHints;
  return (
    <SettingsFormCard
      title="기능 설정"
      description={notificationScope}
      hints={hints}
      keys={featureKeys}
      settings={settings}
      saved={m.saved('feature')}
      failed={m.saveFailed('feature')}
      saveLabel="기능 설정 저장"
    />
  );
}
