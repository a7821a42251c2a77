import { ADMIN_ENTRY } from '@semijoias/domain/admin';
import { safeDestination, withDestination } from '@semijoias/domain/destination';
import { LOGIN_ERROR_TITLE, LOGIN_SUCCESS, loginErrorMessage } from '@semijoias/domain/messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { login, toOutcome } from '@/lib/api';
import { useIsLoggedIn } from '@/lib/session';
import { fetchUserInfo, userInfoQueryKey } from '@/lib/user-info';
import { ButtonLink, Button } from '@/ui/Button';
import { Drawer } from '@/ui/Drawer';
import { EmailField, FormMessage, PasswordField } from '@/ui/Field';
import { ReceiptIcon, SparkleIcon, UserIcon } from '@/ui/icons';

/** SPEC §4: after a successful login the drawer shows the success text and closes after 2 s. */
const CLOSE_AFTER_MS = 2000;

interface LoginValues {
  email: string;
  password: string;
}

/**
 * SPEC §2 Login drawer: e-mail and password (Enter submits), links to sign up and to the
 * forgotten password; logged in, the shortcuts to the account area (and to the back office, for
 * an owner). The guest cart follows
 * her into her account at login (lib/cart/merge.ts), not here.
 */
export function LoginDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const loggedIn = useIsLoggedIn();
  const close = () => onOpenChange(false);
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      title={loggedIn ? 'Minha conta' : 'Entrar'}
      description={loggedIn ? 'Atalhos da sua conta' : 'Entre com seu e-mail e senha'}
      // Opened by the address (a protected page, the verify page's link): the header's entry.
      returnFocusFallback={() => document.querySelector<HTMLElement>('[data-opens="login"]')}
    >
      {/* Mounted only while open, so every opening starts with a clean form. */}
      {open && <LoginPanel loggedIn={loggedIn} onClose={close} />}
    </Drawer>
  );
}

/** 'Administração', for an owner only (her account's `administrador`, as the account page). */
function OwnerShortcut({ onClose }: { onClose: () => void }) {
  const info = useQuery({ queryKey: userInfoQueryKey, queryFn: fetchUserInfo, staleTime: 60_000 });
  if (!info.data?.administrador) return null;
  return (
    <ButtonLink
      to="/admin"
      onClick={onClose}
      variant="outline"
      size="lg"
      className="w-full"
      data-testid="drawer-admin-entry"
    >
      <SparkleIcon width={20} height={20} className="text-gold-dark" /> {ADMIN_ENTRY}
    </ButtonLink>
  );
}

/**
 * The page the drawer is open over, as where a sign-up started here should bring her back once
 * her e-mail is verified (the checkout, a product); null for the home page and the account pages.
 */
function useHereAsDestination(): string | null {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete('login');
  params.delete('openCart');
  const search = params.toString();
  return safeDestination(`${location.pathname}${search ? `?${search}` : ''}`);
}

function LoginPanel({ loggedIn, onClose }: { loggedIn: boolean; onClose: () => void }) {
  const [justLoggedIn, setJustLoggedIn] = useState(false);
  const here = useHereAsDestination();
  const { register, handleSubmit, control } = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
  });
  const mutation = useMutation({
    mutationFn: (values: LoginValues) => login(values.email, values.password),
    onSuccess: () => setJustLoggedIn(true),
  });

  const email = useWatch({ control, name: 'email' });
  const password = useWatch({ control, name: 'password' });

  useEffect(() => {
    if (!justLoggedIn) return;
    const timer = window.setTimeout(onClose, CLOSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [justLoggedIn, onClose]);

  if (loggedIn) {
    return (
      <div className="px-5 py-6" data-testid="account-shortcuts">
        <FormMessage tone="success" testId="login-success">
          {justLoggedIn ? LOGIN_SUCCESS : null}
        </FormMessage>
        <p className="mb-5 mt-5 font-display text-2xl leading-snug text-ink">
          Que bom ter você aqui.
        </p>
        <div className="space-y-3">
          <ButtonLink
            to="/usuario"
            onClick={onClose}
            variant="primary"
            size="lg"
            className="w-full"
          >
            <UserIcon width={20} height={20} /> Ir para Perfil
          </ButtonLink>
          <ButtonLink
            to="/usuario?tab=orders"
            onClick={onClose}
            variant="outline"
            size="lg"
            className="w-full"
          >
            <ReceiptIcon width={20} height={20} /> Meus Pedidos
          </ButtonLink>
          <OwnerShortcut onClose={onClose} />
        </div>
      </div>
    );
  }

  const failure = mutation.isError ? loginErrorMessage(toOutcome(mutation.error)) : null;

  return (
    <form
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
      noValidate
      aria-label="Entrar"
      className="space-y-5 px-5 py-6"
    >
      <p className="text-[0.95rem] leading-relaxed text-muted">
        Acesse sua conta para acompanhar pedidos e usar seus endereços salvos.
      </p>
      <EmailField
        autoComplete="username"
        // The drawer exists to type in it: start there rather than on the close button.
        autoFocus
        {...register('email')}
      />
      <PasswordField label="Senha" autoComplete="current-password" {...register('password')} />
      <div className="-mt-2 text-right">
        <Link
          to="/esqueci-senha"
          onClick={onClose}
          className="inline-flex min-h-11 items-center text-sm text-ink-soft underline underline-offset-4 hover:text-ink"
        >
          Esqueci minha senha
        </Link>
      </div>

      <FormMessage tone="error" title={LOGIN_ERROR_TITLE} testId="login-error">
        {failure && (
          <>
            {failure.message}
            {failure.emailNotVerified && (
              <>
                {' '}
                <Link
                  to={withDestination('/reenviar-verificacao', here)}
                  onClick={onClose}
                  className="font-medium text-gold-dark underline underline-offset-4"
                >
                  Reenviar email de verificação
                </Link>
              </>
            )}
          </>
        )}
      </FormMessage>

      <Button
        type="submit"
        variant="primary"
        size="lg"
        className="w-full"
        disabled={mutation.isPending || email.trim() === '' || password === ''}
      >
        {mutation.isPending ? 'Entrando...' : 'Entrar'}
      </Button>

      <div className="border-t border-line pt-5 text-center">
        <p className="text-sm text-muted">Ainda não tem conta?</p>
        <ButtonLink
          to={withDestination('/cadastro', here)}
          onClick={onClose}
          variant="outline"
          className="mt-3 w-full"
        >
          Criar minha conta
        </ButtonLink>
        <p className="mt-3 text-xs text-gold-dark">Ganhe 10% de desconto na primeira compra.</p>
      </div>
    </form>
  );
}
