import { useEffect } from 'react';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { encodeResultState, fromSearchState } from '../../../search-state/search-url-state';
import { useStateByKey } from '../queries';

/** A `?key=` link: the stored search state it names, opened as the full URL. */
export function KeyResolver({ stateKey }: { stateKey: string }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const stored = useStateByKey(stateKey);
  useEffect(() => {
    if (stored.data)
      navigate(`?${encodeResultState(fromSearchState(stored.data.state)).toString()}`, { replace: true });
  }, [stored.data, navigate]);
  if (stored.isError) {
    return <Result status="warning" title={t('results.keyNotFound')} subTitle={stored.error.message} />;
  }
  return <Spin className="results-key-loading" description={t('results.loading')} />;
}
