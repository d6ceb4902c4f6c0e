/** Texts of the auth screens (login, password reset, activation, registration, lockscreen). */
export const authTr = {
    loginTitle: 'Giriş',
    username: 'Kullanıcı adı / T.C. kimlik no',
    password: 'Şifre',
    rememberMe: 'Beni hatırla',
    signIn: 'Giriş yap',
    forgotPassword: 'Şifremi unuttum',
    register: 'Kayıt ol',
    loginFailed: 'Giriş işlemi başarısız oldu',
    checkCredentials: 'Lütfen kullanıcı bilgilerinizi kontrol edip tekrar deneyiniz.',
    passwordLength: 'Şifre 4 ile 50 karakter arasında olmalı',
    welcome: 'Hoş geldiniz, {{name}}. Giriş başarılı.',
};
