import type { FunctionComponent } from 'preact';
import { t } from '../../lib/ui/i18n.ts';
import { AdminSection } from '../admin/AdminSection.tsx';
import { DocumentsSection } from '../documents/DocumentsSection.tsx';
import { UsageSection } from '../usage/UsageSection.tsx';
import { TranslationControlsSection } from './advanced/TranslationControlsSection.tsx';
import { BackupSection } from './BackupSection.tsx';
import { ConnectionSection } from './ConnectionSection.tsx';
import { DefaultsSection } from './DefaultsSection.tsx';
import { GlossariesSection } from './GlossariesSection.tsx';
import { LanguagesSection } from './LanguagesSection.tsx';
import { SiteRulesSection } from './SiteRulesSection.tsx';

/** The options page's sections, in menu order. A feature adds its section here. */
export interface OptionsSection {
  id: string;
  /** Shown in the menu; through t() so it is translated. */
  title: string;
  component: FunctionComponent;
}

export const sections: OptionsSection[] = [
  { id: 'connection', title: t('sectionConnection', 'Connection'), component: ConnectionSection },
  { id: 'defaults', title: t('sectionDefaults', 'Defaults'), component: DefaultsSection },
  {
    id: 'translation-controls',
    title: t('sectionTranslationControls', 'Translation controls'),
    component: TranslationControlsSection,
  },
  { id: 'glossaries', title: t('sectionGlossaries', 'Glossaries'), component: GlossariesSection },
  { id: 'languages', title: t('sectionLanguages', 'Languages'), component: LanguagesSection },
  { id: 'site-rules', title: t('sectionSiteRules', 'Site rules'), component: SiteRulesSection },
  { id: 'settings-file', title: t('sectionSettingsFile', 'Settings file'), component: BackupSection },
  { id: 'documents', title: t('sectionDocuments', 'Documents'), component: DocumentsSection },
  { id: 'usage', title: t('sectionUsage', 'Usage'), component: UsageSection },
  { id: 'admin', title: t('sectionAdmin', 'Admin'), component: AdminSection },
];
