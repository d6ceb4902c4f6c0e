import { SEED_TEXTS_TR } from '@tezgah/core';

/**
 * The settings plugin's texts, loaded into the i18n namespace 'settings'
 * (`useTranslation('settings')`). Texts the seeds give in English are the en texts and said in
 * Turkish in tr ('Wrong e-mail format' / 'Hatalı e-posta biçimi').
 * The shared words (Evet, Hayır, 'Emin misiniz?', Kaydet, Vazgeç, 'Başarıyla eklendi.') are the
 * kernel's (`common.*`, `notify.*`), and so are the company form's own texts (the kernel's
 * `company.*`: the form is the workbench UI kit's CompanyForm).
 */
export const tr = {
  menu: {
    settings: 'Ayarlar',
    userSettings: 'Kullanıcı Ayarları',
    companySettings: 'Şirket Ayarları',
    roles: 'Roller',
  },
  validation: {
    email: SEED_TEXTS_TR.WRONG_EMAIL_FORMAT,
    maxLength: 'En fazla {{max}} karakter girilebilir.',
    phone: 'Telefon yalnızca rakam, boşluk ve ( ) + - içerebilir (en fazla 20 karakter).',
  },
  users: {
    title: 'Kullanıcı Ayarları',
    list: 'Şirket kullanıcıları',
    add: 'Kullanıcı Ekle',
    edit: 'Kullanıcıyı Düzenle',
    remove: 'Şirketten çıkar',
    removeDetail: '{{name}} ({{login}}) bu şirketten çıkarılacak.',
    login: 'Kullanıcı adı / T.C. kimlik no',
    loginHint: 'Genellikle T.C. kimlik numarası. Harf, rakam ve _ . @ - kullanılabilir; sonradan değiştirilemez.',
    loginPattern: 'Yalnızca harf, rakam ve _ . @ - kullanılabilir.',
    name: 'Ad Soyad',
    firstName: 'Ad',
    lastName: 'Soyad',
    email: 'E-posta',
    phone: 'Telefon',
    activated: 'Aktif',
    roles: 'Roller (modüller)',
    rolesHint: 'Kullanıcının modülleri seçilen rollerden gelir.',
    rolesRequired: 'En az bir rol seçin.',
    noRoles: 'Bu şirkette henüz rol yok.',
    inviteNote: 'Kullanıcıya şifresini belirlemesi için bir e-posta gönderilir.',
  },
  roles: {
    title: 'Roller',
    list: 'Roller',
    add: 'Rol Ekle',
    edit: 'Rolü Düzenle',
    view: 'Rolü Görüntüle',
    delete: 'Sil',
    deleteDetail: '"{{name}}" rolü silinecek.',
    name: 'Rol adı',
    fixed: 'Sabit',
    fixedNote: 'Bu rol sistem tarafından tanımlıdır: yetkileri görüntülenebilir ancak değiştirilemez ve silinemez.',
    allCompanies: 'Tüm şirketlerde geçerli',
    userCount: 'Kullanıcı',
    authorityCount: 'Yetki',
    type: 'Tür',
    custom: 'Özel',
    matrix: 'Modül yetkileri',
    matrixHint: 'Satırlar modüller, sütunlar işlemlerdir; yalnızca modülün sunduğu işlemler seçilebilir.',
    module: 'Modül',
    wholeRow: '{{module}}: tümü',
    wholeColumn: '{{action}}: tümü',
    cell: '{{module}}: {{action}}',
    selectAll: 'Tümünü seç',
    clearAll: 'Tümünü kaldır',
    selected: '{{count}} yetki seçili',
  },
  company: {
    title: 'Şirket Ayarları',
    form: 'Şirket bilgileri',
  },
};

export type SettingsMessages = typeof tr;

export const en: SettingsMessages = {
  menu: {
    settings: 'Settings',
    userSettings: 'User settings',
    companySettings: 'Company settings',
    roles: 'Roles',
  },
  validation: {
    email: 'Wrong e-mail format',
    maxLength: 'At most {{max}} characters.',
    phone: 'A phone number may hold digits, spaces and ( ) + - only (at most 20 characters).',
  },
  users: {
    title: 'User settings',
    list: 'Company users',
    add: 'Add user',
    edit: 'Edit user',
    remove: 'Remove from company',
    removeDetail: '{{name}} ({{login}}) will be removed from this company.',
    login: 'User name / national ID',
    loginHint: 'Usually the national ID number. Letters, digits and _ . @ - ; it cannot change later.',
    loginPattern: 'Only letters, digits and _ . @ - are allowed.',
    name: 'Name',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    phone: 'Phone',
    activated: 'Active',
    roles: 'Roles (modules)',
    rolesHint: "The user's modules come from the chosen roles.",
    rolesRequired: 'Choose at least one role.',
    noRoles: 'This company has no roles yet.',
    inviteNote: 'The user gets an e-mail to set their password.',
  },
  roles: {
    title: 'Roles',
    list: 'Roles',
    add: 'Add role',
    edit: 'Edit role',
    view: 'View role',
    delete: 'Delete',
    deleteDetail: 'The role "{{name}}" will be deleted.',
    name: 'Role name',
    fixed: 'Fixed',
    fixedNote: 'This role is defined by the system: its authorities can be viewed but not changed or deleted.',
    allCompanies: 'Valid in every company',
    userCount: 'Users',
    authorityCount: 'Authorities',
    type: 'Type',
    custom: 'Custom',
    matrix: 'Module authorities',
    matrixHint: 'Rows are modules, columns are actions; only the actions a module offers can be ticked.',
    module: 'Module',
    wholeRow: '{{module}}: all',
    wholeColumn: '{{action}}: all',
    cell: '{{module}}: {{action}}',
    selectAll: 'Select all',
    clearAll: 'Clear all',
    selected: '{{count}} authorities selected',
  },
  company: {
    title: 'Company settings',
    form: 'Company details',
  },
};

export const messages = { tr, en };
