import type { authTr } from './auth.tr';

export const authEn: typeof authTr = {
    loginTitle: 'Sign in',
    username: 'User name / national ID',
    password: 'Password',
    rememberMe: 'Remember me',
    signIn: 'Sign in',
    forgotPassword: 'Forgot password',
    register: 'Register',
    loginFailed: 'Sign-in failed',
    checkCredentials: 'Please check your details and try again.',
    passwordLength: 'The password must be 4 to 50 characters',
    welcome: 'Welcome, {{name}}. Signed in.',
};
