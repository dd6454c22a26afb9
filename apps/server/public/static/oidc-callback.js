// Runs in the "Continue with Google" popup after the provider redirects back: hands the result to the window
// that opened the popup (same origin only) and closes. Kept in a file because the CSP forbids inline scripts.
(function () {
  var element = document.getElementById('oidc-result');
  var result = element ? JSON.parse(element.textContent || '{}') : { type: 'jobboard:google', ok: false };
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(result, window.location.origin);
    window.close();
  } else {
    window.location.replace(result.ok ? '/' : '/sign-in');
  }
})();
