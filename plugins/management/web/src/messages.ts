/**
 * The management plugin's texts, loaded into the i18n namespace 'management'. The company form's
 * own texts are the kernel's (`company.*`), as the form is the workbench UI kit's.
 */
export const tr = {
  menu: {
    management: 'Yönetim',
    companyManagement: 'Şirket Yönetimi',
    userManagement: 'Kullanıcı Yönetimi',
  },
  companies: {
    title: 'Şirket Yönetimi',
    list: 'Şirketler',
    add: 'Şirket Ekle',
    edit: 'Şirketi Düzenle',
    form: 'Şirket bilgileri',
    name: 'Şirket adı',
    companyTitle: 'Ünvan',
    taxNumber: 'Vergi / T.C. kimlik no',
    sector: 'Sektör',
    erpType: 'ERP türü',
    owner: 'Sahibi',
    status: 'Durum',
    setPassive: 'Pasife al',
    passiveDetail: '"{{name}}" pasife alınacak; kullanıcıları bu şirkete artık geçemez.',
    added: 'Şirket eklendi.',
    passived: 'Şirket pasife alındı.',
    filter: 'Durum filtresi',
    all: 'Tümü',
  },
  users: {
    title: 'Kullanıcı Yönetimi',
    company: 'Şirket',
    companySearch: 'Şirket ara',
    chooseCompany: 'Bir şirket seçin',
    chooseCompanyHint: 'Kullanıcılarını görmek istediğiniz şirketi seçin.',
    members: '{{company}} kullanıcıları',
    login: 'Kullanıcı adı',
    name: 'Ad Soyad',
    email: 'E-posta',
    activated: 'Aktif',
    primary: 'Birincil şirket',
    roles: 'Roller',
    signInAs: 'Kullanıcı olarak giriş yap',
    signInAsDetail: '{{name}} ({{login}}) olarak oturum açılacak. Çıkmak için kullanıcı menüsünden "Kullanıcı girişinden çık" seçeneğini kullanın.',
    alreadyImpersonating: 'Şu anda başka bir kullanıcı olarak oturum açıksınız; yeni bir kullanıcıya geçmeden önce kullanıcı menüsünden çıkın.',
  },
};

export type ManagementMessages = typeof tr;

export const en: ManagementMessages = {
  menu: {
    management: 'Management',
    companyManagement: 'Company management',
    userManagement: 'User management',
  },
  companies: {
    title: 'Company management',
    list: 'Companies',
    add: 'Add company',
    edit: 'Edit company',
    form: 'Company details',
    name: 'Company name',
    companyTitle: 'Title',
    taxNumber: 'Tax ID / national ID',
    sector: 'Sector',
    erpType: 'ERP type',
    owner: 'Owner',
    status: 'Status',
    setPassive: 'Set passive',
    passiveDetail: '"{{name}}" will be set passive; its users can no longer switch to it.',
    added: 'Company added.',
    passived: 'Company set passive.',
    filter: 'Status filter',
    all: 'All',
  },
  users: {
    title: 'User management',
    company: 'Company',
    companySearch: 'Search companies',
    chooseCompany: 'Choose a company',
    chooseCompanyHint: 'Choose the company whose users you want to see.',
    members: 'Users of {{company}}',
    login: 'User name',
    name: 'Name',
    email: 'E-mail',
    activated: 'Active',
    primary: 'Primary company',
    roles: 'Roles',
    signInAs: 'Sign in as this user',
    signInAsDetail: 'You will be signed in as {{name}} ({{login}}). To leave, use "Exit impersonation" in the user menu.',
    alreadyImpersonating: 'You are signed in as another user; leave through the user menu before switching to a new one.',
  },
};

export const messages = { tr, en };
