import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../api/store.js';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
