import { useNavigation } from 'react-router';

/** A thin gold bar while the next page's code is loading (route modules are split). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label="Carregando página" className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden">
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-gold" />
    </div>
  );
}
